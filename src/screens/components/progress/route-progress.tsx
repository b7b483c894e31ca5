import { useEffect } from 'react';
import { startProgress } from './top-progress';
import './route-progress.css';

/** Rendered while a route's code loads (a Suspense fallback): the top bar runs until it unmounts. */
export function RouteProgress() {
  useEffect(() => startProgress(), []);
  return null;
}

/** The same bar for a wait outside React (the entry waiting for the route's code), if it lasts `ms`; returns its end. */
export function progressAfter(ms: number): () => void {
  let end: (() => void) | undefined;
  const start = setTimeout(() => (end = startProgress()), ms);
  return () => {
    clearTimeout(start);
    end?.();
  };
}
