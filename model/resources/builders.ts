import type { RouteDecl } from './types';

/** Shorthands that keep the section files a readable copy of the spec's route table. */
export const catalogue = (path: string, label: string, children: RouteDecl[], extra: Partial<RouteDecl> = {}): RouteDecl => ({
  path,
  label,
  children,
  ...extra,
});

export const menu = (path: string, label: string, extra: Partial<RouteDecl> = {}): RouteDecl => ({ path, label, ...extra });

/** A hidden detail page that lights up `activeMenu` in the menu. */
export const detail = (path: string, label: string, activeMenu: string, extra: Partial<RouteDecl> = {}): RouteDecl => ({
  path,
  label,
  hidden: true,
  activeMenu,
  ...extra,
});
