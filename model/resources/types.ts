import type { Permission } from '../access/permissions';

/**
 * A module of the console's screens, named by its path under `src/screens/pages` without extension
 * (`'console/account-list'`). The route table stays data that the server reads too; the console
 * resolves each name to a module loaded when first needed (src/screens/route-modules.ts).
 */
export type ModuleName = string;

/** Icons are named here and drawn by the console (resources stay free of React for the server). */
export type IconName =
  'dashboard' | 'collect' | 'lake' | 'ticket' | 'training' | 'model' | 'artifact' | 'evaluation' | 'robot' | 'server' | 'dev' | 'ops' | 'space' | 'system';

/**
 * One route of spec §2 (type: catalogue when it has children, menu otherwise).
 * A page's `auth` lists who may open it (spec §6; none: every signed-in user). On a catalogue,
 * `auth` is the default of the pages below it; the catalogue itself opens when one of them does.
 */
export interface RouteDecl {
  /** Segment(s) below the parent, `:name` for a parameter. */
  path: string;
  /** i18n key of the menu label and tab title. */
  label: string;
  auth?: readonly Permission[];
  hidden?: boolean;
  /** Where the catalogue's index goes (by default its first child the user may open); on a page, where it forwards. */
  redirect?: string;
  /** The menu item a hidden detail page lights up (spec §3 "active-menu hint"). */
  activeMenu?: string;
  icon?: IconName;
  /** The page's module; without one (and no entity) the route shows the "not yet available" notice. */
  page?: ModuleName;
  /** The call a page's module reads first (a GET without parameters): sent as the route starts, as a list's first page is. */
  pageData?: string;
  children?: RouteDecl[];
  /** The API base of the page's records (`{api}/query`, ...), for the data provider. */
  api?: string;
  /**
   * The name of the entity this route lists (declared in src/schemas; named here so the route table
   * stays light). Its show, create and edit pages are generated beside it, and the server serves its
   * API at /{section}/{entity name} with this route's permissions.
   */
  entity?: string;
  /** Where the generated pages go, relative to the parent; defaults `<path>/:id`, `<path>/create`, `<path>/:id/edit`. */
  pages?: Partial<Record<Exclude<EntityView, 'list'>, string>>;
  /** Who may use the page's buttons (spec §6 "buttons"), by action name. */
  actions?: Record<string, readonly Permission[]>;
  /**
   * Filters this list always applies, making it a view of its entity (raw datasets, my tickets);
   * `$me` stands for the signed-in account's code. Records created from it start with these values.
   */
  preset?: Record<string, string>;
  /** The field whose value the show page's path carries instead of the id (a unique name). */
  showBy?: string;
  /** A hidden page showing a record of this entity, the id being the path's last parameter (a ticket seen from "my tickets"). */
  shows?: string;
  /** A second list of an entity whose own list is elsewhere (the platform's images, offered read-only to spaces): it never places the API. */
  secondary?: boolean;
  /** Sibling routes (paths relative to the parent) shown as tabs above each of them; the first is the default. */
  tabs?: string[];
  /** Toolbar widgets a list adds to the generic ones (before its create button), each loaded with the list's first render. */
  tools?: ModuleName[];
  /** Buttons a list adds to its bulk bar; each gets the selected ids. Loaded with the first selection. */
  bulkTools?: ModuleName[];
  /** Buttons a list adds to each row's actions (a task's Run); each gets the record. Loaded with the first row. */
  rowParts?: ModuleName[];
  /**
   * Parts a show page adds below the record's fields (a recording's topics) and to its header (a
   * download); each gets the record. `replaces`: entities whose records pointing here a body part
   * lists itself (a robot's keys), left out of the page's generated lists of them.
   */
  showParts?: { header?: ModuleName[]; body?: ModuleName[]; replaces?: string[] };
  /** false: no generated create form (raw data is uploaded, not typed in); the API's create stays, for imports. */
  createForm?: false;
}

/** The four generated pages of an entity. */
export type EntityView = 'list' | 'show' | 'create' | 'edit';

/** A declaration placed in the tree: absolute path, parent and the auth in force. */
export interface RouteEntry extends RouteDecl {
  fullPath: string;
  parent?: RouteEntry;
  entries: RouteEntry[];
  effectiveAuth?: readonly Permission[];
  /** The top-level section (data, training, ..., console). */
  section: string;
  /** For an entity's pages: which one this is. */
  view?: EntityView;
  /** For an entity's show, create and edit pages: the list they belong to. */
  list?: RouteEntry;
  /** The tab bar this page is one tab of. */
  tabGroup?: RouteEntry[];
}
