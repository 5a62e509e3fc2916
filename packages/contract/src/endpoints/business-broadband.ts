import { broadbandDiagnosticsEndpoints } from './broadband-diagnostics';

// Carrier 494, Keystone Networks' business broadband (docs/decisions/0095).
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
} = broadbandDiagnosticsEndpoints('broadbandKeystone');
