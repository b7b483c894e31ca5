/** The personal centre (spec §2 console/space/personal): the user menu's first entry, and the one page an account with a one-time password may use. */
export const PERSONAL_CENTRE_PATH = '/console/space/personal';
