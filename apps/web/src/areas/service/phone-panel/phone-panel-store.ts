import { create } from 'zustand';

/**
 * Whether the phone panel is open, and which virtual friend it was last asked to show: the header's
 * button opens it, and a rehearsal started from the plans opens it on the friend it runs for (a new
 * object each time, so asking for the same friend again still switches back to them).
 */
export const usePhonePanel = create<{ open: boolean; focus: { userId: string } | null }>()(() => ({
  open: false,
  focus: null,
}));

export const openPhonePanel = (userId?: string) =>
  usePhonePanel.setState(userId ? { open: true, focus: { userId } } : { open: true });
export const closePhonePanel = () => usePhonePanel.setState({ open: false });
