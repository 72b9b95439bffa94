import { encode } from 'uqr';

/** The otpauth:// URI as a QR code, drawn as one SVG path (no image URL, so nothing for the page's policy to allow). */
export function TotpQr({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  let d = '';
  for (const [y, row] of data.entries()) {
    for (const [x, dark] of row.entries()) if (dark) d += `M${x} ${y}h1v1h-1z`;
  }
  return (
    <svg
      className="staff-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
