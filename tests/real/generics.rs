// Real-program input for the differential suite (tests/real/differential.mjs): a small Rust
// "sensor log" analyser that exercises generics (generic structs and functions with trait bounds,
// instantiated at several types so that look-alike monomorphised functions arise), traits with
// default methods and trait objects, closures (boxed in a Vec and passed as impl Fn), iterator
// chains, Vec / HashMap / BTreeMap, string formatting, Option / Result with `?`, and enums with
// match. The program is deterministic: no input, no clock, no environment, no hash-order output
// (HashMap contents are sorted before printing); its only "randomness" is a fixed LCG.
// Build: rustc --edition=2021 generics.rs

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::{Add, Mul};

// ------------------------------------------------------------------------------------------
// Deterministic pseudo-random numbers.
// ------------------------------------------------------------------------------------------
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() as i64) % (hi - lo + 1)
    }
}

// ------------------------------------------------------------------------------------------
// Generic numeric helpers.
// ------------------------------------------------------------------------------------------
trait Zero {
    fn zero() -> Self;
}
macro_rules! impl_zero {
    ($($t:ty => $z:expr),*) => { $(impl Zero for $t { fn zero() -> Self { $z } })* };
}
impl_zero!(i32 => 0, i64 => 0, u32 => 0, f64 => 0.0);

fn sum_all<T: Copy + Zero + Add<Output = T>>(xs: &[T]) -> T {
    xs.iter().fold(T::zero(), |acc, &x| acc + x)
}

fn dot<T: Copy + Zero + Add<Output = T> + Mul<Output = T>>(a: &[T], b: &[T]) -> T {
    a.iter().zip(b.iter()).fold(T::zero(), |acc, (&x, &y)| acc + x * y)
}

fn largest<T: PartialOrd + Copy>(xs: &[T]) -> Option<T> {
    let mut it = xs.iter();
    let mut best = *it.next()?;
    for &x in it {
        if x > best {
            best = x;
        }
    }
    Some(best)
}

fn clamp_to<T: PartialOrd>(v: T, lo: T, hi: T) -> T {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

// A generic min/max/count accumulator.
#[derive(Debug, Clone)]
struct Summary<T> {
    min: Option<T>,
    max: Option<T>,
    count: usize,
}

impl<T: PartialOrd + Copy + fmt::Display> Summary<T> {
    fn new() -> Self {
        Summary { min: None, max: None, count: 0 }
    }
    fn add(&mut self, v: T) {
        self.min = Some(match self.min {
            Some(m) if m <= v => m,
            _ => v,
        });
        self.max = Some(match self.max {
            Some(m) if m >= v => m,
            _ => v,
        });
        self.count += 1;
    }
    fn render(&self) -> String {
        match (self.min, self.max) {
            (Some(lo), Some(hi)) => format!("n={} min={} max={}", self.count, lo, hi),
            _ => String::from("empty"),
        }
    }
}

fn summarise<T: PartialOrd + Copy + fmt::Display, I: IntoIterator<Item = T>>(items: I) -> Summary<T> {
    let mut s = Summary::new();
    for x in items {
        s.add(x);
    }
    s
}

// ------------------------------------------------------------------------------------------
// Sensors: a trait with default methods, implemented by several types, used as dyn Sensor.
// ------------------------------------------------------------------------------------------
trait Sensor {
    fn name(&self) -> String;
    fn raw(&self, tick: u32) -> i64;
    fn scale(&self) -> f64 {
        1.0
    }
    fn read(&self, tick: u32) -> f64 {
        self.raw(tick) as f64 * self.scale()
    }
    fn label(&self) -> String {
        format!("{}(x{:.2})", self.name(), self.scale())
    }
}

struct Thermometer {
    id: u8,
    offset: i64,
}
struct Hygrometer {
    id: u8,
}
struct Counter<T> {
    id: u8,
    step: T,
}

impl Sensor for Thermometer {
    fn name(&self) -> String {
        format!("therm{}", self.id)
    }
    fn raw(&self, tick: u32) -> i64 {
        200 + self.offset + ((tick as i64 * 7) % 31) - 15
    }
    fn scale(&self) -> f64 {
        0.1
    }
}

impl Sensor for Hygrometer {
    fn name(&self) -> String {
        format!("hygro{}", self.id)
    }
    fn raw(&self, tick: u32) -> i64 {
        40 + ((tick as i64 * 13 + self.id as i64) % 50)
    }
}

impl<T: Copy + Into<i64>> Sensor for Counter<T> {
    fn name(&self) -> String {
        format!("count{}", self.id)
    }
    fn raw(&self, tick: u32) -> i64 {
        self.step.into() * tick as i64
    }
    fn label(&self) -> String {
        format!("{}[step={}]", self.name(), self.step.into())
    }
}

// ------------------------------------------------------------------------------------------
// Parsing a tiny configuration format with Result and `?`.
// ------------------------------------------------------------------------------------------
#[derive(Debug)]
enum ConfigError {
    MissingEquals(String),
    BadNumber { key: String, value: String },
    UnknownKey(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::MissingEquals(line) => write!(f, "missing '=' in {:?}", line),
            ConfigError::BadNumber { key, value } => write!(f, "bad number {:?} for {}", value, key),
            ConfigError::UnknownKey(k) => write!(f, "unknown key {}", k),
        }
    }
}

#[derive(Debug, Default)]
struct Config {
    ticks: u32,
    threshold: f64,
    window: usize,
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ConfigError> {
    value.trim().parse::<T>().map_err(|_| ConfigError::BadNumber { key: key.to_string(), value: value.to_string() })
}

fn parse_config(text: &str) -> Result<Config, ConfigError> {
    let mut cfg = Config::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once('=').ok_or_else(|| ConfigError::MissingEquals(line.to_string()))?;
        let key = key.trim();
        match key {
            "ticks" => cfg.ticks = parse_number(key, value)?,
            "threshold" => cfg.threshold = parse_number(key, value)?,
            "window" => cfg.window = parse_number(key, value)?,
            other => return Err(ConfigError::UnknownKey(other.to_string())),
        }
    }
    Ok(cfg)
}

// ------------------------------------------------------------------------------------------
// Alerts: an enum processed with match, plus a pipeline of boxed closures.
// ------------------------------------------------------------------------------------------
#[derive(Debug, Clone, PartialEq)]
enum Alert {
    High { sensor: String, value: f64 },
    Low { sensor: String, value: f64 },
    Jump { sensor: String, delta: f64 },
    Quiet,
}

fn severity(a: &Alert) -> u32 {
    match a {
        Alert::High { value, .. } if *value > 100.0 => 3,
        Alert::High { .. } => 2,
        Alert::Low { .. } => 1,
        Alert::Jump { delta, .. } => (delta.abs() / 10.0) as u32 + 1,
        Alert::Quiet => 0,
    }
}

fn apply_all<T: Copy>(x: T, fs: &[Box<dyn Fn(T) -> T>]) -> T {
    fs.iter().fold(x, |acc, f| f(acc))
}

fn count_where<T>(xs: &[T], pred: impl Fn(&T) -> bool) -> usize {
    xs.iter().filter(|x| pred(x)).count()
}

fn moving_average(xs: &[f64], window: usize) -> Vec<f64> {
    if window == 0 || xs.len() < window {
        return Vec::new();
    }
    xs.windows(window).map(|w| w.iter().sum::<f64>() / window as f64).collect()
}

fn main() {
    let config_text = "# sensor analyser\nticks = 24\nthreshold = 60.5\nwindow = 4\n";
    let cfg = match parse_config(config_text) {
        Ok(c) => c,
        Err(e) => {
            println!("config error: {}", e);
            return;
        }
    };
    println!("config: ticks={} threshold={} window={}", cfg.ticks, cfg.threshold, cfg.window);
    for bad in ["ticks 3", "ticks = x3", "colour = red", "window = 2\nthreshold = 1e"] {
        match parse_config(bad) {
            Ok(c) => println!("unexpectedly ok: {:?}", c),
            Err(e) => println!("rejected: {}", e),
        }
    }

    let mut rng = Lcg(0x5eed);
    let sensors: Vec<Box<dyn Sensor>> = vec![
        Box::new(Thermometer { id: 1, offset: rng.range(-20, 20) }),
        Box::new(Thermometer { id: 2, offset: rng.range(-20, 20) }),
        Box::new(Hygrometer { id: 3 }),
        Box::new(Counter { id: 4, step: 3u8 }),
        Box::new(Counter { id: 5, step: -2i32 }),
        Box::new(Counter { id: 6, step: 5u16 }),
    ];

    // Readings keyed by sensor label (BTreeMap keeps a stable order).
    let mut readings: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for tick in 0..cfg.ticks {
        for s in &sensors {
            let noise = rng.range(-3, 3) as f64 * 0.5;
            readings.entry(s.label()).or_default().push(s.read(tick) + noise);
        }
    }

    let mut alerts: Vec<Alert> = Vec::new();
    for (label, values) in &readings {
        let s = summarise(values.iter().copied());
        let avg = sum_all(values) / values.len() as f64;
        println!("{:<18} {} avg={:.3}", label, s.render(), avg);
        let ma = moving_average(values, cfg.window);
        let ma_text: Vec<String> = ma.iter().step_by(6).map(|v| format!("{:.1}", v)).collect();
        println!("{:<18} ma[..;6]={}", "", ma_text.join(" "));
        for pair in values.windows(2) {
            let delta = pair[1] - pair[0];
            if delta.abs() > 15.0 {
                alerts.push(Alert::Jump { sensor: label.clone(), delta });
            }
        }
        match largest(values) {
            Some(v) if v > cfg.threshold => alerts.push(Alert::High { sensor: label.clone(), value: v }),
            Some(v) if v < 0.0 => alerts.push(Alert::Low { sensor: label.clone(), value: v }),
            Some(_) => alerts.push(Alert::Quiet),
            None => {}
        }
    }

    // Alert statistics: a HashMap, sorted for printing.
    let mut by_kind: HashMap<&'static str, (usize, u32)> = HashMap::new();
    for a in &alerts {
        let kind = match a {
            Alert::High { .. } => "high",
            Alert::Low { .. } => "low",
            Alert::Jump { .. } => "jump",
            Alert::Quiet => "quiet",
        };
        let e = by_kind.entry(kind).or_insert((0, 0));
        e.0 += 1;
        e.1 += severity(a);
    }
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort_by(|a, b| a.0.cmp(b.0));
    for (kind, (n, sev)) in &kinds {
        println!("alerts {:<5} count={:>2} severity={}", kind, n, sev);
    }
    let worst = alerts.iter().max_by_key(|a| severity(a));
    match worst {
        Some(Alert::Jump { sensor, delta }) => println!("worst: jump on {} by {:+.1}", sensor, delta),
        Some(Alert::High { sensor, value }) => println!("worst: high on {} at {:.1}", sensor, value),
        Some(other) => println!("worst: {:?}", other),
        None => println!("no alerts"),
    }
    println!("quiet sensors: {}", count_where(&alerts, |a| *a == Alert::Quiet));

    // Closures stored in a Vec, at two types.
    let factor = 3i64;
    let int_pipeline: Vec<Box<dyn Fn(i64) -> i64>> =
        vec![Box::new(|x| x + 1), Box::new(move |x| x * factor), Box::new(|x| x - 4), Box::new(|x| x.rem_euclid(97))];
    let offset = 0.25f64;
    let float_pipeline: Vec<Box<dyn Fn(f64) -> f64>> =
        vec![Box::new(|x| x * 2.0), Box::new(move |x| x + offset), Box::new(|x| x.sqrt())];
    let ints: Vec<i64> = (1..=8).map(|i| apply_all(i * i, &int_pipeline)).collect();
    let floats: Vec<String> = [1.0, 2.0, 4.5, 8.0].iter().map(|&x| format!("{:.4}", apply_all(x, &float_pipeline))).collect();
    println!("int pipeline: {:?}", ints);
    println!("float pipeline: {}", floats.join(", "));

    // Generic helpers at several types.
    let a32: Vec<i32> = (0..10).map(|i| i * 3 - 7).collect();
    let a64: Vec<i64> = (0..10).map(|i| (i as i64) * 1_000_003 - 42).collect();
    let au: Vec<u32> = (0..10).map(|i| (i * i) as u32).collect();
    let af: Vec<f64> = (0..10).map(|i| i as f64 / 4.0).collect();
    println!("sums: {} {} {} {}", sum_all(&a32), sum_all(&a64), sum_all(&au), sum_all(&af));
    println!("dots: {} {} {} {}", dot(&a32, &a32), dot(&a64, &a64), dot(&au, &au), dot(&af, &af));
    println!("largest: {:?} {:?} {:?} {:?}", largest(&a32), largest(&a64), largest(&au), largest::<f64>(&[]));
    println!(
        "clamp: {} {} {} {:.2} {}",
        clamp_to(15, 0, 10),
        clamp_to(-5i64, -2, 2),
        clamp_to(7u32, 1, 9),
        clamp_to(0.75, 0.0, 0.5),
        clamp_to("m", "a", "k")
    );
    println!("summary i32: {}", summarise(a32.iter().copied()).render());
    println!("summary u32: {}", summarise(au.iter().copied()).render());
    println!("summary char: {}", summarise("generics".chars()).render());
    println!("summary empty: {}", summarise(Vec::<i64>::new()).render());

    // Word frequencies with a HashMap, sorted by (count desc, word asc).
    let text = "the quick brown fox jumps over the lazy dog the fox barks and the dog runs";
    let mut freq: HashMap<&str, usize> = HashMap::new();
    for w in text.split_whitespace() {
        *freq.entry(w).or_insert(0) += 1;
    }
    let mut words: Vec<(&str, usize)> = freq.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let top: Vec<String> = words.iter().take(5).map(|(w, n)| format!("{}:{}", w, n)).collect();
    println!("top words: {}", top.join(" "));
    let lengths: BTreeMap<usize, Vec<&str>> = words.iter().fold(BTreeMap::new(), |mut m, (w, _)| {
        m.entry(w.len()).or_insert_with(Vec::new).push(*w);
        m
    });
    for (len, ws) in &lengths {
        let mut ws = ws.clone();
        ws.sort();
        println!("len {}: {}", len, ws.join(","));
    }

    // A final checksum over everything numeric, so the optimiser cannot drop work silently.
    let check = ints.iter().fold(17u64, |h, &x| h.wrapping_mul(31).wrapping_add(x as u64))
        ^ readings.values().flatten().fold(0u64, |h, &v| h.rotate_left(5) ^ v.to_bits());
    println!("checksum: {:016x}", check);
}
