import dayjs from 'dayjs';

export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';

export function formatDateTime(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso).format(DATE_TIME_FORMAT) : null;
}

export function formatDate(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso).format(DATE_FORMAT) : null;
}
