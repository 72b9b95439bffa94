/** Small vector ornaments shared by layouts. */
import { num } from './svg.ts';

/** A five-pointed star centred on (x, y) with outer radius r, as path data. */
export function starPath(x: number, y: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${num(x + radius * Math.cos(angle))} ${num(y + radius * Math.sin(angle))}`);
  }
  return `M${points.join('L')}Z`;
}
