import type { ReactNode } from 'react';
import { Icon } from './icons';

/** MUI's standard Alert (info or error) with its icon; `className` adds to its own, `action` goes at its end. */
export function Alert({
  severity,
  children,
  action,
  className,
}: {
  severity: 'info' | 'error';
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`plain-alert plain-alert--${severity}${className ? ` ${className}` : ''}`} role="alert">
      <div className="plain-alert__icon">
        <Icon name={severity} />
      </div>
      <div className="plain-alert__message">{children}</div>
      {action ? <div className="plain-alert__action">{action}</div> : null}
    </div>
  );
}
