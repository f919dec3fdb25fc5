// The merging example: three sampling functions that differ only in constants (the port they
// read, the global they fill, the messages they report). global-merge-func (LLVM 22) turns each
// into a thunk that calls a shared body (.Tgm) with those constants as arguments. The two limit
// checks hash alike as well, but are too small to pay for the extra call. The two averages are
// identical: global-merge-func leaves them (no constant differs) and mergefunc folds them.
int temperature, humidity, pressure;
unsigned readings;

int read_port(int port);
int calibrate(int port, int raw);
int warn_level(int port);
void report(const char *what, int value);

int sample_temperature(void) {
  int raw = read_port(3);
  if (raw < 0) { report("temperature: read failed", raw); return -1; }
  int v = calibrate(3, raw);
  if (v > warn_level(3)) report("temperature: too high", v);
  temperature = v;
  readings++;
  return v;
}

int sample_humidity(void) {
  int raw = read_port(4);
  if (raw < 0) { report("humidity: read failed", raw); return -1; }
  int v = calibrate(4, raw);
  if (v > warn_level(4)) report("humidity: too high", v);
  humidity = v;
  readings++;
  return v;
}

int sample_pressure(void) {
  int raw = read_port(7);
  if (raw < 0) { report("pressure: read failed", raw); return -1; }
  int v = calibrate(7, raw);
  if (v > warn_level(7)) report("pressure: too high", v);
  pressure = v;
  readings++;
  return v;
}

int temperature_ok(void) { return temperature < 600; }
int humidity_ok(void) { return humidity < 600; }

int average(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return n ? (int)(s / n) : 0;
}

int mean_of(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return n ? (int)(s / n) : 0;
}
