/**
 * How a field shows in a generated list (the console draws it; no React here). The schema engine
 * of the entities grows from this.
 */
export type Widget = 'text' | 'datetime' | 'roles' | 'account';

export interface FieldView {
  name: string;
  /** i18n key of the column title. */
  label: string;
  widget?: Widget;
  width?: number;
  copyable?: boolean;
  ellipsis?: boolean;
}
