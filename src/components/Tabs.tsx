import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The id of the tab `value` in the Tabs named `idBase`: what its panel's `aria-labelledby` names. */
export function tabId(idBase: string, value: string): string {
  return `${idBase}-tab-${value}`;
}

interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  /** What each tab shows (its accessible name). */
  labels: Readonly<Record<T, ReactNode>>;
  selected: T;
  onSelect: (value: T) => void;
  /** Gives each tab an id (tabId) so a panel can name it; with `panelOf`, each tab names the panel it controls. */
  idBase?: string;
  panelOf?: (value: T) => string;
  /** Classes added to the list's own `tabs`. */
  className?: string;
}

/**
 * A row of tabs, the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one); the arrow keys, Home and End
 * move to another tab and select it. The panels are the caller's.
 */
export function Tabs<T extends string>({ label, tabs, labels, selected, onSelect, idBase, panelOf, className }: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  // From the tab that has the focus (a click or a script may have put it on one that is not selected).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: T) => {
    const index = tabs.indexOf(from);
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const next = to === undefined ? undefined : tabs[to];
    if (next === undefined) return;
    event.preventDefault();
    if (next !== selected) onSelect(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="tablist" aria-label={label}>
      {tabs.map((value) => (
        <button
          key={value}
          ref={(element) => {
            if (element) buttons.current.set(value, element);
            else buttons.current.delete(value);
          }}
          id={idBase === undefined ? undefined : tabId(idBase, value)}
          type="button"
          role="tab"
          aria-selected={value === selected}
          aria-controls={panelOf?.(value)}
          tabIndex={value === selected ? 0 : -1}
          className={value === selected ? 'tab current' : 'tab'}
          onClick={() => onSelect(value)}
          onKeyDown={(event) => onKeyDown(event, value)}
        >
          {labels[value]}
        </button>
      ))}
    </div>
  );
}
