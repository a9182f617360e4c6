export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Navigate = (path: string, options?: NavigateOptions) => void;

const fullPageNavigate: Navigate = (path) => window.location.assign(path);

let navigate: Navigate = fullPageNavigate;

/**
 * Lets code outside React (the api client) move the person to another page. The router registers its own
 * navigate so that the move keeps the single-page app alive; a full page load is the fallback.
 */
export function setNavigator(next: Navigate): () => void {
  navigate = next;
  return () => {
    if (navigate === next) navigate = fullPageNavigate;
  };
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  navigate(path, options);
}
