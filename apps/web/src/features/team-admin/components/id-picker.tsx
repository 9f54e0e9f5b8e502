import { MultiSelect, Select } from '@mantine/core';
import { useRef } from 'react';

export interface PickerOption {
  id: number;
  label: string;
}

export interface IdPickerProps {
  multiple: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The options the server returned for the current search. */
  options: PickerOption[];
  /** Labels of values chosen before (an edited record's), so they show before any search. */
  known?: PickerOption[];
  search: string;
  onSearchChange: (search: string) => void;
  label: string;
  placeholder?: string;
  nothingFound: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  loading?: boolean;
}

/**
 * A searchable picker of ids whose options come from the server (search-as-you-type). Every
 * label ever seen is remembered, so chosen values keep their names whatever the current search shows.
 */
export function IdPicker(props: IdPickerProps) {
  const labels = useRef(new Map<number, string>());
  for (const o of props.known ?? []) labels.current.set(o.id, o.label);
  for (const o of props.options) labels.current.set(o.id, o.label);

  const seen = new Set<number>();
  const data: { value: string; label: string }[] = [];
  for (const id of [...props.value, ...props.options.map((o) => o.id)]) {
    if (seen.has(id)) continue;
    seen.add(id);
    data.push({ value: String(id), label: labels.current.get(id) ?? `#${id}` });
  }
  const common = {
    label: props.label,
    placeholder: props.placeholder,
    data,
    searchable: true,
    nothingFoundMessage: props.nothingFound,
    error: props.error,
    disabled: props.disabled,
    required: props.required,
    searchValue: props.search,
    onSearchChange: props.onSearchChange,
    comboboxProps: { withinPortal: true },
  };
  if (props.multiple) {
    return (
      <MultiSelect
        {...common}
        value={props.value.map(String)}
        onChange={(v) => props.onChange(v.map(Number))}
        clearable={!props.disabled}
      />
    );
  }
  return (
    <Select
      {...common}
      value={props.value[0] !== undefined ? String(props.value[0]) : null}
      onChange={(v) => props.onChange(v ? [Number(v)] : [])}
      clearable={!props.disabled && !props.required}
      allowDeselect={false}
    />
  );
}
