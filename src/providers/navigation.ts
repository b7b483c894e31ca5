/** Lets non-React code (the HTTP layer) navigate with the router once the app has mounted. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`);

export const setNavigator = (next: Navigate) => {
  navigate = next;
};

export const navigateTo: Navigate = (to, options) => navigate(to, options);
