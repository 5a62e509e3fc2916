// What other packages' tests use to run the simulator in-process.
export { buildSimulator, type Simulator, type SimulatorOptions } from './app.js';
export { LINE_CONDITIONS, type LineCondition, startingCondition } from './broadband/line-model.js';
export { loadSimConfig, type SimConfig } from './config.js';
export { STARTING_SPEND_STATES, type StartingSpendState, startingSpendState } from './halo/lines.js';
