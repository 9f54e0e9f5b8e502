import { Tabs } from '@mantine/core';

/** A tab strip that scrolls sideways on a phone instead of wrapping or squeezing its tabs. */
export function ScrollTabsList({ tabs, label }: { tabs: { value: string; label: string }[]; label: string }) {
  return (
    <Tabs.List
      aria-label={label}
      style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin', minWidth: 0 }}
    >
      {tabs.map((tab) => (
        <Tabs.Tab key={tab.value} value={tab.value} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {tab.label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
