import type { Warehouse } from '@incentive/contracts';
import { useSearchParams } from 'react-router';
import { parseId } from '../../../lib/paths.ts';
import { useWarehouse } from '../api/get-warehouse.ts';

/**
 * The warehouse a form was opened from (`?warehouse_id=`, set by the warehouse details page's
 * buttons): its id, to preset the picker and return there, and its record, so the picker can show
 * it even when the caller's own list does not include it.
 */
export function useFromWarehouse(): { id: number | null; record: Warehouse | undefined } {
  const [params] = useSearchParams();
  const id = parseId(params.get('warehouse_id') ?? undefined);
  const record = useWarehouse(id).data;
  return { id, record };
}
