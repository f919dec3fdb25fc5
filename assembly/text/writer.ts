// The writer's state, explicit: one Writer owns everything a print leaves behind or reuses — the
// output buffer, the slot numbering (slots.ts SlotTable: unnamed values, metadata, attribute
// groups), the type finder's discovery order and struct numbers (type-finder.ts TypeFinder), the
// number formatting scratch and the progress of a chunked print. The printer's functions get
// it as their first argument (printer.ts drives it; printer-*.ts print with its numbering).
//
//   let w = writer();                    // the session's writer (or one of your own: new Writer())
//   printModule(w)                       // numbers the module, prints into w.out
//   numberForDiagnostics(w); numberFunction(w, g); printTypedValue(w, dst, v)   // diagnostics into dst
//
// The session's writer is the text layer's one writer variable: text/reset.ts makes a new one
// for each module (the arena's reset frees the old one), so no table outlives its module.
import { OutBuf } from "../util/outbuf";
import { I32Vec, U8Vec } from "../util/vec";
import { SlotTable } from "./slots";
import { TypeFinder } from "./type-finder";

@final export class Writer {
  out: OutBuf = new OutBuf();
  slots: SlotTable = new SlotTable();
  types: TypeFinder = new TypeFinder();
  // formatting scratch (printer-values.ts, printer-types.ts typeToString)
  fpText: U8Vec = new U8Vec(48);
  bigDigits: U8Vec = new U8Vec(64);
  bigWords: I32Vec = new I32Vec(8);
  unescaped: U8Vec = new U8Vec(64);
  typeText: OutBuf | null = null;   // made on first use: most modules never need it
  // a chunked print's progress (printer.ts beginPrint / printNextPart)
  nextFn: i32 = 0;
  epilogueDone: bool = false;
  nextNode: i32 = 0;   // the next numbered metadata node to print (its list goes out in parts)
  // repository fragments (printer.ts beginFragments / printFragment)
  moduleHasStructs: bool = false;
  fragmentRefs: I32Vec | null = null;   // when set: the unnamed globals a fragment refers to

}

let session: Writer = new Writer();
export function writer(): Writer { return session; }
export function newWriter(): Writer { session = new Writer(); return session; }
