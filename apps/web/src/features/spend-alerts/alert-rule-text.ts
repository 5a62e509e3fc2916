import {
  ALERT_APPLIES_TO_LABELS,
  ALERT_MEASURE_LABELS,
  ALERT_SCOPE_LABELS,
  type AlertMeasure,
  type AlertRule,
} from '@portal/contract';
import { formatMoney, formatNumber } from '../../lib/format';

/** A megabyte of the data measure is 1,048,576 bytes, so a gigabyte is 1,024 of them. */
const MB_PER_GB = 1024;

/** A threshold in its measure's unit: `£50.00`, `500 MB`, `1.5 GB`, `100 calls`. */
export function thresholdText(measure: AlertMeasure, threshold: number): string {
  if (measure === 'cost' || measure === 'roamingCost') return formatMoney(threshold);
  if (measure === 'data') {
    return threshold >= MB_PER_GB
      ? `${formatNumber(threshold / MB_PER_GB, '1.0-2')} GB`
      : `${formatNumber(threshold, '1.0-0')} MB`;
  }
  return `${formatNumber(threshold, '1.0-0')} ${threshold === 1 ? 'call' : 'calls'}`;
}

/** What crosses the rule: `Cost over £50.00`. */
export function measureText(rule: Pick<AlertRule, 'measure' | 'threshold'>): string {
  return `${ALERT_MEASURE_LABELS[rule.measure]} over ${thresholdText(rule.measure, rule.threshold)}`;
}

/**
 * What the rule watches, in words: the scope and its target's name (a target the caller no longer sees is said to
 * be hidden rather than left blank), and whether the threshold is per device.
 */
export function watchesText(rule: Pick<AlertRule, 'scope' | 'site' | 'team' | 'device' | 'appliesTo'>): string {
  const target = (() => {
    switch (rule.scope) {
      case 'company':
        return 'Whole company';
      case 'site':
        return `${ALERT_SCOPE_LABELS.site}: ${rule.site?.name ?? 'not visible to you'}`;
      case 'team':
        return `${ALERT_SCOPE_LABELS.team}: ${rule.team?.name ?? 'not visible to you'}`;
      case 'device':
        return `${ALERT_SCOPE_LABELS.device}: ${rule.device ? `${rule.device.name} (${rule.device.identifier})` : 'not visible to you'}`;
    }
  })();
  return rule.scope !== 'device' && rule.appliesTo === 'eachDevice'
    ? `${target}, ${ALERT_APPLIES_TO_LABELS.eachDevice.toLowerCase()}`
    : target;
}
