import { useEffect, useId, useRef, useState } from 'react';
import './copy-field.css';

type CopyState = 'idle' | 'copied' | 'selected';

/** How long "Copied" stays on the button before it reads "Copy" again. */
const COPIED_MS = 2000;

/** Puts the text of `el` in the page's selection, for a Ctrl+C where the clipboard cannot be written. */
function selectText(el: HTMLElement | null) {
  if (!el) return;
  if (el instanceof HTMLInputElement) {
    el.focus();
    el.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * A value to copy (an address, a secret, a message to paste elsewhere), read-only, with its Copy button. The
 * clipboard is written only on a secure page (https or localhost); elsewhere the text is selected and the
 * button says to press Ctrl+C, so copying never fails silently.
 */
export function CopyField({
  label,
  value,
  isBlock = false,
  testId,
}: {
  label: string;
  value: string;
  /** Shown as a wrapping block (a JSON message) instead of a one-line field. */
  isBlock?: boolean;
  testId?: string;
}) {
  const labelId = useId();
  const [state, setState] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const blockRef = useRef<HTMLPreElement>(null);

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      selectText(isBlock ? blockRef.current : inputRef.current);
      setState('selected');
    }
  }

  const buttonText = state === 'copied' ? 'Copied' : state === 'selected' ? 'Selected: press Ctrl+C' : 'Copy';
  return (
    <div className="copy-field">
      <span id={labelId} className="copy-field-label">
        {label}
      </span>
      <div className="copy-field-body">
        {isBlock ? (
          <pre ref={blockRef} className="copy-field-block" aria-labelledby={labelId} data-testid={testId}>
            {value}
          </pre>
        ) : (
          <input
            ref={inputRef}
            readOnly
            value={value}
            aria-labelledby={labelId}
            spellCheck={false}
            data-testid={testId}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
        <button type="button" aria-label={`${buttonText}: ${label}`} onClick={() => void copy()}>
          {buttonText}
        </button>
      </div>
    </div>
  );
}
