import { MESSAGE_DISMISS_MS } from '@app/contract';
import { useCallback, useEffect, useState } from 'react';

export type MessageKind = 'success' | 'error' | 'info';
export interface Flash {
  kind: MessageKind;
  text: string;
}

/** A status message that dismisses itself after 5 s (SPEC §4) or on close. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), MESSAGE_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback((kind: MessageKind, text: string) => setFlash({ kind, text }), []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, show, clear };
}

export function Message({ flash, onClose }: { flash: Flash | null; onClose: () => void }) {
  if (!flash) return null;
  return (
    <div className={`message message-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      <span>{flash.text}</span>
      <button type="button" className="message-close" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
