import type { EnumOption, ListView, Widget } from './engine/types';

/** Widgets of cells: the entity widgets, and an account code shown by name (creator, modifier). */
export type CellWidget = Widget | 'account';

/** What a cell needs to draw a value (no React here: the console draws it). */
export interface CellSpec {
  widget?: CellWidget;
  options?: readonly EnumOption[];
  precision?: number;
  /** Entity name a reference points at. */
  reference?: string;
  copyable?: boolean;
}

/** A list column: a field's name and label, how it draws and how it lists. */
export interface FieldView extends CellSpec, ListView {
  name: string;
  /** i18n key of the column title. */
  label: string;
}
