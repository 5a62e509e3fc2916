import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../lib/plain-ui/Alert';
import { Icon } from '../../lib/plain-ui/icons';
import './compact-message.css';

/** Whether the element's text is cut off at its right edge, kept up to date as the element is resized. */
function useCutOff(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [cutOff, setCutOff] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text needs measuring again.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCutOff(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return cutOff;
}

/**
 * A partner message as one line (decision 0072): the text ends in an ellipsis where it does not fit, and a "more"
 * button then unfolds the whole of it. With `onDismiss` it has the close button of the signed-in banner. Plain (MUI's
 * info Alert drawn by plain-ui.css and compact-message.css), because the sign-in page shows it.
 */
export function CompactMessage({ text, onDismiss }: { text: string; onDismiss?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const cutOff = useCutOff(textRef, text);
  const textId = useId();
  return (
    <Alert
      severity="info"
      className="compact-message"
      action={
        onDismiss ? (
          <button
            type="button"
            className="plain-icon-button compact-message__close"
            aria-label="Dismiss message"
            title="Close"
            onClick={onDismiss}
          >
            <Icon name="close" small />
          </button>
        ) : undefined
      }
    >
      <div ref={textRef} id={textId} data-expanded={expanded} className="compact-message__text">
        {text}
      </div>
      {cutOff || expanded ? (
        <button
          type="button"
          className="compact-message__more"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((shown) => !shown)}
        >
          {expanded ? 'less' : 'more'}
        </button>
      ) : null}
    </Alert>
  );
}
