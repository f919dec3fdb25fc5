// The option loop every bench script shares: `--name value` or `--name=value`. For each argument
// onOption(name, value, arg) is called; value() takes the value (the rest after '=', else the
// next argument) and throws when there is none.
export function forEachOption(argv, onOption) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      if (eq > 0) return arg.slice(eq + 1);
      if (i + 1 >= argv.length) throw new Error(`missing value for ${arg}`);
      return argv[++i];
    };
    onOption(name, value, arg);
  }
}
