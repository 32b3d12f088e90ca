import dayjs from 'dayjs';

export function formatDateTime(timestamp: string | null): string {
  return timestamp ? dayjs(timestamp).format('YYYY/MM/DD HH:mm') : '';
}

export function formatDate(timestamp: string | null): string {
  return timestamp ? dayjs(timestamp).format('YYYY/MM/DD') : '';
}
