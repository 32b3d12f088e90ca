/**
 * User feedback (notifications and toasts) without a hard dependency on antd, so the request layer
 * stays out of the UI bundle. The root layout registers antd's implementation; anything reported
 * before that is queued and shown once it is registered.
 */
export interface Feedback {
  notifyError(title: string, description: string): void;
  notifySuccess(title: string, description?: string): void;
  toastError(message: string): void;
}

type Report = (feedback: Feedback) => void;

let current: Feedback | null = null;
const pending: Report[] = [];

function report(send: Report): void {
  if (current) send(current);
  else pending.push(send);
}

export function registerFeedback(feedback: Feedback): () => void {
  current = feedback;
  for (const send of pending.splice(0)) send(feedback);
  return () => {
    if (current === feedback) current = null;
  };
}

export const feedback: Feedback = {
  notifyError: (title, description) => report((f) => f.notifyError(title, description)),
  notifySuccess: (title, description) => report((f) => f.notifySuccess(title, description)),
  toastError: (message) => report((f) => f.toastError(message)),
};
