import { broadbandDiagnosticsEndpoints } from './broadband-diagnostics';

// Carrier 588, Skylark Fibre's alternative broadband (docs/decisions/0095).
export const {
  diagnosticsGroup,
  onlineStatus,
  syncStatus,
  exchangeStatus,
  broadbandStatus,
  lineStatus,
  fibreStatus,
  services,
  sessionHistory,
  sessionHistoryDownload,
  lineHistory,
  lineHistoryDownload,
  authenticationLogs,
  speedTestResults,
} = broadbandDiagnosticsEndpoints('broadbandSkylark');
