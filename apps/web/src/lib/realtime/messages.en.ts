/** English strings of the real-time layer, under `live.`. */
export const liveEn = {
  short: 'Not live',
  down: 'Live updates are paused. Trying to reconnect; screens still refresh when you open them.',
  downOffline: 'You are offline, so live updates are paused until the network is back.',
};
