import { useEffect, useId, useRef, useState } from 'react';
import './copy-field.css';

type CopyState = 'idle' | 'copied' | 'selected';

/** How long "Copied" stays on the button before it reads "Copy" again. */
const COPIED_MS = 2000;

/** Puts the text of `el` in the page's selection, for a Ctrl+C where the clipboard cannot be written. */
function selectText(el: HTMLElement | null) {
  if (!el) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * A value to copy (an address, a secret, a message to paste elsewhere), read-only and wrapping so all of it is
 * in view at any width, with its Copy button. The clipboard is written only on a secure page (https or
 * localhost); elsewhere the text is selected and the button says to press Ctrl+C, so copying never fails silently.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const labelId = useId();
  const [state, setState] = useState<CopyState>('idle');
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
      selectText(blockRef.current);
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
        {/* A read-only text box a keyboard can reach and select, wrapping where an <input> would hide the end. */}
        <pre
          ref={blockRef}
          className="copy-field-block"
          role="textbox"
          aria-readonly="true"
          aria-multiline="true"
          tabIndex={0}
          aria-labelledby={labelId}
          data-testid={testId}
        >
          {value}
        </pre>
        <button type="button" aria-label={`${buttonText}: ${label}`} onClick={() => void copy()}>
          {buttonText}
        </button>
      </div>
    </div>
  );
}
