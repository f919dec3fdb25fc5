// What a promoted load's metadata turns into (convertMetadataToAssumes, LLVM 19):
//  - a `!noundef` load whose new value is undef or poison: `store i1 true, ptr poison` before it
//    (a non-terminator unreachable);
//  - a `!nonnull !noundef` load whose new value is not known to be non-zero (known-nonzero.ts):
//    `%c = icmp ne ptr %v, null` and `call void @llvm.assume(i1 %c)` after it, registered in the
//    assumption cache (assumptions.ts).
import { I32Vec } from "../../util/vec";
import { VK, vKind, vType, iExt, iMD, iNext } from "../../ir/values";
import { Op } from "../../ir/opcodes";
import { setPredicate, setAlignBytes } from "../../ir/inst";
import { gValue, gFlags, GF_ERASED, gValueType } from "../../ir/globals";
import { findAttachment, MDK_NONNULL, MDK_NOUNDEF } from "../../ir/metadata";
import { T_I1, T_VOID, T_PTR, functionType } from "../../ir/types";
import { getNull, getPoison, getBool } from "../../ir/constants";
import { createInst, IRBuilder } from "../../ir/builder";
import { insertBefore, getOrDeclareIntrinsic } from "../../ir/edit";
import { Editor } from "./edit";
import { AssumptionCache } from "../../analysis/assumptions";
import { ICMP_NE, NonZeroQuery } from "../../analysis/known-nonzero";

// convertMetadataToAssumes for one pipeline run's mem2reg: its editor, assumption cache,
// known-non-zero query and IR builder, and llvm.assume's declaration once known.
@final export class MetadataToAssumes {
  private assumeFn: i32 = -1;                   // global index of llvm.assume, once known
  private scratch: I32Vec = new I32Vec(4);
  constructor(private ed: Editor, private ac: AssumptionCache, private nz: NonZeroQuery, private builder: IRBuilder) {}

  // Called before load `li` is replaced by `val`.
  convert(li: i32, val: i32): void {
    let md = iMD.get(li);
    if (md < 0) return;
    let noundef = findAttachment(md, MDK_NOUNDEF) >= 0;
    let vk = <i32>vKind.get(val);
    if ((vk == VK.ConstUndef || vk == VK.ConstPoison) && noundef) {
      // store i1 true, ptr poison, align 1
      let scratch = this.scratch;
      scratch.clear(); scratch.push(getBool(true)); scratch.push(getPoison(T_PTR));
      let st = createInst(Op.Store, T_VOID, scratch, 0, 2);
      iExt.set(st, -1);
      setAlignBytes(st, 1);
      this.ed.insertAdoptingRecords(li, st);
      this.ac.fa.dom.invalidateInstOrder();
      return;
    }
    if (noundef && findAttachment(md, MDK_NONNULL) >= 0) {
      this.ac.ensure();
      if (!this.nz.isKnownNonZero(val, li, 0)) this.addAssumeNonNull(li);
    }
  }
  // icmp ne ptr %li, null ; call void @llvm.assume(i1 %c) — right after the load.
  private addAssumeNonNull(li: i32): void {
    let fn = this.assumeDeclaration();
    let next = iNext.get(li);
    let scratch = this.scratch;
    scratch.clear(); scratch.push(li); scratch.push(getNull(vType.get(li)));
    let cmp = createInst(Op.ICmp, T_I1, scratch, 0, 2);
    setPredicate(cmp, ICMP_NE);
    insertBefore(next, cmp);
    scratch.clear(); scratch.push(cmp);
    let builder = this.builder;
    builder.setInsertPointBefore(next);
    let call = builder.buildCall(gValueType.get(fn), gValue.get(fn), scratch, 0, 1, -1, 0, 0);
    this.ac.fa.dom.invalidateInstOrder();
    this.ac.registerAssumption(call);
  }
  // Intrinsic::getDeclaration(M, Intrinsic::assume).
  private assumeDeclaration(): i32 {
    let assumeFn = this.assumeFn;
    if (assumeFn >= 0 && (gFlags.get(assumeFn) & GF_ERASED) == 0) return assumeFn;
    let scratch = this.scratch;
    scratch.clear(); scratch.push(T_I1);
    assumeFn = getOrDeclareIntrinsic(this.ac.S_ASSUME, functionType(T_VOID, scratch, 0, 1, false));
    this.assumeFn = assumeFn;
    return assumeFn;
  }
}
