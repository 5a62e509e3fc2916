import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';

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
 * button then unfolds the whole of it. With `onDismiss` it has the close button of the signed-in banner.
 */
export function CompactMessage({ text, onDismiss }: { text: string; onDismiss?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const cutOff = useCutOff(textRef, text);
  const textId = useId();
  return (
    <Alert
      severity="info"
      {...(onDismiss ? { onClose: onDismiss } : {})}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss message' } }}
      sx={{
        py: 0,
        alignItems: 'center',
        // On a phone the icon's room goes to the text.
        '& .MuiAlert-icon': { py: 0.75, display: { xs: 'none', sm: 'flex' } },
        '& .MuiAlert-message': { py: 0.75, flex: 1, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 1 },
        '& .MuiAlert-action': { pt: 0 },
      }}
    >
      <Box
        ref={textRef}
        id={textId}
        data-expanded={expanded}
        sx={{
          flex: 1,
          minWidth: 0,
          ...(expanded ? {} : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
        }}
      >
        {text}
      </Box>
      {cutOff || expanded ? (
        <Button
          size="small"
          color="inherit"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((shown) => !shown)}
          // 24 px each way at least: WCAG 2.2's minimum target (decision 0141).
          sx={{
            flexShrink: 0,
            minWidth: 24,
            minHeight: 24,
            py: 0,
            px: 0.5,
            textTransform: 'none',
            textDecoration: 'underline',
          }}
        >
          {expanded ? 'less' : 'more'}
        </Button>
      ) : null}
    </Alert>
  );
}
