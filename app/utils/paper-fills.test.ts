import { describe, expect, it } from "vitest";
import { bracketProblem, fillOn } from "./paper-fills";

const candle = (open: number, high: number, low: number, close: number) => ({ open, high, low, close });
const long = { side: "buy" as const, stopLoss: 95, target: 110 };
const short = { side: "sell" as const, stopLoss: 105, target: 90 };

describe("a paper trade's stop-loss and target", () => {
  it("stay open while the candle reaches neither", () => {
    expect(fillOn(long, candle(100, 109, 96, 104))).toBeNull();
    expect(fillOn(short, candle(100, 104, 91, 95))).toBeNull();
  });

  it("fill at their own price when the candle's range reaches one", () => {
    expect(fillOn(long, candle(100, 103, 94, 97))).toEqual({ price: 95, reason: "stop" });
    expect(fillOn(long, candle(100, 111, 99, 108))).toEqual({ price: 110, reason: "target" });
    expect(fillOn(short, candle(100, 106, 99, 104))).toEqual({ price: 105, reason: "stop" });
    expect(fillOn(short, candle(100, 101, 89, 92))).toEqual({ price: 90, reason: "target" });
  });

  it("fill at the open when the candle gaps past them: worse than the stop, better than the target", () => {
    expect(fillOn(long, candle(90, 93, 88, 92))).toEqual({ price: 90, reason: "stop" });
    expect(fillOn(long, candle(115, 118, 112, 116))).toEqual({ price: 115, reason: "target" });
    expect(fillOn(short, candle(108, 109, 104, 107))).toEqual({ price: 108, reason: "stop" });
    expect(fillOn(short, candle(85, 88, 84, 86))).toEqual({ price: 85, reason: "target" });
  });

  it("take the stop first when one candle reaches both", () => {
    expect(fillOn(long, candle(100, 112, 94, 111))).toEqual({ price: 95, reason: "stop" });
    expect(fillOn(short, candle(100, 106, 89, 90))).toEqual({ price: 105, reason: "stop" });
  });

  it("touching the price is reaching it", () => {
    expect(fillOn(long, candle(100, 110, 96, 105))).toEqual({ price: 110, reason: "target" });
    expect(fillOn({ side: "buy", stopLoss: null, target: null }, candle(1, 1000, 0, 5))).toBeNull();
  });
});

describe("a bracket that makes sense", () => {
  it("has a long's stop below and target above the entry, a short's the other way", () => {
    expect(bracketProblem("buy", 100, 95, 110)).toBeNull();
    expect(bracketProblem("sell", 100, 105, 90)).toBeNull();
    expect(bracketProblem("buy", 100, null, null)).toBeNull();
    expect(bracketProblem("buy", 100, 100, null)).toBe("A buy's stop-loss must be below the entry price");
    expect(bracketProblem("buy", 100, null, 99)).toBe("A buy's target must be above the entry price");
    expect(bracketProblem("sell", 100, 99, null)).toBe("A sell's stop-loss must be above the entry price");
    expect(bracketProblem("sell", 100, null, 101)).toBe("A sell's target must be below the entry price");
  });
});
