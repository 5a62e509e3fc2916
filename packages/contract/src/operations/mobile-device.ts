import { CARRIER_REGISTRY } from '../carriers/registry';
import { mobileDeviceOperationsOf } from './families/index';

/** Each mobile carrier's operations by its registry key: `mobileDevice.halo.details` is `GET /api/mobileHalo/:id`. */
export const mobileDevice = /*#__PURE__*/ mobileDeviceOperationsOf(CARRIER_REGISTRY);
