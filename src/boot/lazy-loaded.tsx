import { use, type ComponentType } from 'react';

type Loader<M = unknown> = () => Promise<M>;
type ComponentLoader<P> = Loader<{ default: ComponentType<P> }>;

const modules = new Map<Loader, Promise<unknown>>();
const components = new Map<Loader, ComponentType<never>>();

/**
 * A loader's module, loaded once (a failed load is tried again next time). Its promise is marked
 * settled when it settles, so React's use() reads it at once from then on.
 */
export function loadOnce<M>(load: Loader<M>): Promise<M> {
  let promise = modules.get(load) as Promise<M> | undefined;
  if (!promise) {
    const loading = load();
    loading.then((value) => Object.assign(loading, { status: 'fulfilled', value })).catch(() => modules.delete(load));
    modules.set(load, (promise = loading));
  }
  return promise;
}

/**
 * The component of a loader's default export (a route's page, a list's tools, a show page's parts),
 * made once per loader so it mounts once. Unlike React.lazy, which suspends on its first render even
 * when its code is in, it suspends only while loading: a fallback shown holds the next Suspense
 * reveal of the page for React's 300 ms, and a route's code is loaded before it renders.
 */
export function lazyLoaded<P>(load: ComponentLoader<P>): ComponentType<P> {
  let component = components.get(load as Loader) as ComponentType<P> | undefined;
  if (!component) {
    const Loaded = (props: P & object) => {
      const { default: Component } = use(loadOnce(load));
      return <Component {...props} />;
    };
    components.set(load as Loader, (component = Loaded as ComponentType<P>) as ComponentType<never>);
  }
  return component;
}
