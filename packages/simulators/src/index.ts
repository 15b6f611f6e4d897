export type { ControllerOptions, DoorState } from './locker-sim/controller.ts';
export * from './locker-sim/sim.ts';
export * from './shop-sim/sim.ts';
