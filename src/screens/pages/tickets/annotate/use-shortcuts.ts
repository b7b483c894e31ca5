import { useEffect, useLayoutEffect, useRef } from 'react';

/** The annotating page's keys, in the order its help lists them (texts: annotate:shortcuts.<action>). */
export const SHORTCUTS = [
  { action: 'rangeStart', keys: ['['] },
  { action: 'rangeEnd', keys: [']'] },
  { action: 'save', keys: ['Enter'] },
  { action: 'qualified', keys: ['q'] },
  { action: 'unqualified', keys: ['u'] },
  { action: 'nextItem', keys: ['j'] },
  { action: 'previousItem', keys: ['k'] },
  // A Mac's "delete" key is Backspace.
  { action: 'deleteAnnotation', keys: ['Delete', 'Backspace'] },
  { action: 'clear', keys: ['Escape'] },
] as const;

export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

/** Fields that take typed text; a check box or a radio (a table row's choice) keeps focus after a click but takes no letters. */
const TYPED = [
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"]):not([type="range"])',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="textbox"]',
  '[role="combobox"]',
  '[role="dialog"]',
].join(', ');

/** A key pressed in a field, or in a dialog, is the field's or the dialog's: typing "q" in a description must not judge the item. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TYPED) !== null;
}

/** Enter on a button or a link presses it already: taken as "save" too, it would act twice. */
const pressesOnEnter = (target: EventTarget | null) => target instanceof Element && target.closest('button, a[href], [role="button"]') !== null;

/** The action a key press asks for, or none: with a modifier (the browser's and the system's own keys) or in a field, nothing. */
export function shortcutOf(event: KeyboardEvent): ShortcutAction | undefined {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (isTyping(event.target) || (event.key === 'Enter' && pressesOnEnter(event.target))) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key; // caps lock on
  return SHORTCUTS.find((shortcut) => (shortcut.keys as readonly string[]).includes(key))?.action;
}

/**
 * Runs the page's handler of each shortcut pressed anywhere on the page, while `enabled`. The handlers
 * are read when the key comes, so the listener is added once rather than on every render.
 */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>, enabled = true): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      const run = action && latest.current[action];
      if (!run) return;
      event.preventDefault(); // Backspace and Enter do nothing else meanwhile
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
