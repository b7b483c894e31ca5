import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import './route-progress.css';

/** Spec §9: minimum 0.1, trickle every 200 ms, no spinner. */
NProgress.configure({ minimum: 0.1, trickleSpeed: 200, showSpinner: false });

/** Rendered while a route's code loads (a Suspense fallback): the top bar runs until it unmounts. */
export function RouteProgress() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}

/** The same bar for a wait outside React (the entry waiting for the route's code), if it lasts `ms`; returns its end. */
export function progressAfter(ms: number): () => void {
  const start = setTimeout(() => NProgress.start(), ms);
  return () => {
    clearTimeout(start);
    NProgress.done();
  };
}
