import type { UseMutationResult } from '@tanstack/react-query';
import type { ApiError, ApiResult } from '../../lib/api-client.ts';
import { failureOf } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';

type Saved = { message?: string };
/** A message's key, as the texts take it (a toast's fallback the same way). */
type MessageKey = Parameters<typeof i18n.t>[0];
type FallbackKey = Parameters<typeof toastFailure>[1];

/**
 * The save of a back-office editor that creates a record or edits one (articles, challenges,
 * quizzes): one request through the create or the update mutation, then the server's message (or
 * `created`/`updated`) in a success toast and `onSaved`; on a failure the form's fields get the
 * server's messages (`onFailure`, a 422's per-field messages) and a toast says the server's message
 * or `errorCreate`/`errorEdit`. The form validates before it calls `submit`.
 */
export function useEditorSave<TSaved extends Saved>(opts: {
  create: UseMutationResult<TSaved, ApiError, FormData>;
  update: UseMutationResult<TSaved, ApiError, { id: number; body: FormData }>;
  /** The record edited, or null when creating one. */
  id: number | null;
  messages: { created: MessageKey; updated: MessageKey; errorCreate: FallbackKey; errorEdit: FallbackKey };
  onSaved: (saved: TSaved) => void;
  onFailure: (result: ApiResult<unknown> | null) => void;
}) {
  const { create, update, id, messages, onSaved, onFailure } = opts;
  const creating = id === null;
  const busy = create.isPending || update.isPending;
  const submit = (body: FormData) => {
    if (busy) return;
    const handlers = {
      onSuccess: (saved: TSaved) => {
        toastSuccess(saved.message || i18n.t(creating ? messages.created : messages.updated));
        onSaved(saved);
      },
      onError: (err: unknown) => {
        const result = failureOf(err);
        onFailure(result);
        toastFailure(result, creating ? messages.errorCreate : messages.errorEdit);
      },
    };
    if (creating) create.mutate(body, handlers);
    else update.mutate({ id, body }, handlers);
  };
  return { busy, submit };
}
