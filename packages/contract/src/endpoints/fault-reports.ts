import { reportFaultEndpoint } from './broadband-diagnostics';

// The fault report of each diagnostics carrier (docs/decisions/0095): POST /api/{bbservice}/{id}/reportFault.
export const businessBroadband = reportFaultEndpoint('broadbandKeystone');
export const alternativeBroadband = reportFaultEndpoint('broadbandSkylark');
