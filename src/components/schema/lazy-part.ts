import { lazy, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
const parts = new Map<Loader<never>, ComponentType<never>>();

/** The lazy component of a loader a route declares (a list's tools, a show page's parts): made once, so it mounts once. */
export function lazyPart<P>(load: Loader<P>): ComponentType<P> {
  let part = parts.get(load as Loader<never>) as ComponentType<P> | undefined;
  if (!part) parts.set(load as Loader<never>, (part = lazy(load) as unknown as ComponentType<P>) as ComponentType<never>);
  return part;
}
