import { CARRIER_REGISTRY } from '../carriers/registry';
import { faultReportOperationsOf } from './families/index';

/** Each broadband carrier's fault report: `faultReports.keystone.reportFault` (docs/decisions/0095, 0165). */
export const faultReports = /*#__PURE__*/ faultReportOperationsOf(CARRIER_REGISTRY);
