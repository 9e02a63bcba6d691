// The measures of the lessons' board that render/board.py's geometry() writes into the
// play page and the exercises: one declaration for the board script (board.js) and the two
// that hand it the measures (play.js, exercise.js),
// checked by tsc and, against the built pages, by tests/site/test_page_data.py.

/** A point's column: centre x, the centre y of its first checker, where a pin's marker sits,
 * the direction a stack grows and the top of its clickable area. */
export interface PointPlace {
  x: number;
  y: number;
  pinMarkY: number;
  grow: number;
  areaY: number;
}

interface TraySide {
  y: number;
  grow: number;
  countY: number;
  areaY: number;
}

export interface Geometry {
  width: number;
  height: number;
  radius: number;
  step: number;
  pointWidth: number;
  pointHeight: number;
  points: { [point: string]: PointPlace };
  stack: { shown: number; shownOverPin: number; pinShift: number; countDy: number; fontSize: number };
  tray: { x: number; checkerX: number; gap: number; width: number; height: number; white: TraySide; black: TraySide };
  dice: { x: number; y: number; apart: number; spot: number; spots: { [value: string]: number[][] } };
  turn: { x: number; textX: number; y: number; textDy: number; fontSize: number };
  /** The lines under the board: the small checker at (markX, y + markDy), the words at (x, y), one line apart. */
  info: { markX: number; markDy: number; x: number; y: number; line: number; fontSize: number };
  /** Every small shape of a board by name (render/svg.py SHAPES): "pin" is the marker on a
   * pinned checker, drawn at its point's pinMarkY; "ring" rings a checker that just moved. */
  shapes: { [name in ShapeName]: Shape };
}

export type ShapeName = "checker" | "pinned" | "off" | "offMoved" | "die" | "pip" | "line" | "turn" | "pin" | "ring" | "from";

/** A circle centred on the place it is drawn at, or a rectangle whose corner is (dx, dy) from it;
 * "{colour}" in an attribute stands for "white" or "black". */
export interface Shape {
  tag: "circle" | "rect";
  attributes: { [name: string]: string };
  dx: number;
  dy: number;
}
