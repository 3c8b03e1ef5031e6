import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab = { id: string; label: string; content: ReactNode };

/** WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order. */
export function Tabs({ tabs, selected, onSelect, label }: { tabs: Tab[]; selected: string; onSelect: (id: string) => void; label: string }) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const move = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : delta ? (index + delta + tabs.length) % tabs.length : -1;
    if (target < 0) return;
    event.preventDefault();
    onSelect(tabs[target]!.id);
    refs.current[target]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-night-700" onKeyDown={move}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`shrink-0 px-4 py-2.5 text-sm font-semibold ${i === index ? 'border-b-2 border-gold-400 text-gold-300' : 'text-mist-400 hover:text-mist-100'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={i !== index} className="pt-4">
          {tab.content}
        </div>
      ))}
    </div>
  );
}
