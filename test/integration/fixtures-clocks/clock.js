// A run reads the clock: its times differ from another run's, whatever the program does.
const started = new Date();
const day = new Date(Date.UTC(2026, 0, 2));
console.log(day.toISOString());
