import { postalAddress, storeDetails, type StoreContact } from '@threadline/contracts';
import { ExternalLink, MapPin, Navigation } from 'lucide-react';
import { useId } from 'react';

type MapPoint = StoreContact['map_location'];

/** The point the drawing's pin stands on (King Street, between Tower Street and Harbour Street). */
const drawnPin: MapPoint = { latitude: 17.9656, longitude: -76.7927 };
/** About 200 m, in degrees: a store this close to the pin is where the drawing shows it. */
const drawingReach = 0.002;

const isDrawn = ({ latitude, longitude }: MapPoint) =>
  Math.abs(latitude - drawnPin.latitude) <= drawingReach && Math.abs(longitude - drawnPin.longitude) <= drawingReach;

const road = { stroke: '#ffffff', strokeLinecap: 'round' } as const;
const label = {
  fontFamily: 'ui-sans-serif, system-ui, sans-serif',
  fill: '#57534e',
  fontSize: 11,
  fontWeight: 600,
} as const;

/** The downtown grid as a drawing: nothing is fetched from a map provider until the shopper asks. */
function DowntownKingstonDrawing({ store }: { store: StoreContact }) {
  const titleId = useId();
  const descId = useId();
  return (
    <svg viewBox="0 0 640 420" role="img" aria-labelledby={`${titleId} ${descId}`} className="block h-auto w-full">
      <title id={titleId}>Illustrated map of downtown Kingston</title>
      <desc id={descId}>
        {[`${storeDetails.name} is at ${store.street}.`, store.directions, 'Kingston Harbour is to the south.'].filter(Boolean).join(' ')}
      </desc>

      <rect width="640" height="420" fill="#f3efe6" />

      {/* City blocks */}
      <g fill="#e7e1d3">
        {[40, 128, 208, 280].map((y, row) =>
          [20, 190, 340, 495].map((x, column) => (
            <rect key={`${row}-${column}`} x={x} y={y} width={column === 3 ? 130 : 135} height={row === 0 ? 74 : 60} rx="6" />
          )),
        )}
      </g>

      {/* The Parade: St William Grant Park */}
      <rect x="190" y="40" width="285" height="74" rx="10" fill="#cfe6c9" />
      <g fill="#9ccf91">
        <circle cx="225" cy="62" r="9" />
        <circle cx="250" cy="92" r="7" />
        <circle cx="440" cy="64" r="8" />
        <circle cx="418" cy="94" r="6" />
      </g>
      <text x="332" y="74" textAnchor="middle" {...label} fill="#3f6212">
        St William Grant Park
      </text>
      <text x="332" y="90" textAnchor="middle" {...label} fontWeight={400} fill="#4d7c0f">
        (Parade)
      </text>

      {/* Water */}
      <path d="M0 360 C 120 350 220 372 330 362 S 540 350 640 358 V420 H0 Z" fill="#bcdbe6" />
      <g stroke="#9cc7d6" strokeWidth="2" fill="none" strokeLinecap="round">
        <path d="M60 390 q 15 -6 30 0 t 30 0" />
        <path d="M430 398 q 15 -6 30 0 t 30 0" />
      </g>
      <text x="320" y="400" textAnchor="middle" {...label} fontStyle="italic" fill="#1e5a70">
        Kingston Harbour
      </text>

      {/* Roads: east-west */}
      <g {...road} strokeWidth="12">
        <path d="M0 120 H640" />
        <path d="M0 200 H640" />
        <path d="M0 274 H640" />
        <path d="M0 346 H640" />
      </g>
      {/* Roads: north-south; King Street is the main one */}
      <g {...road} strokeWidth="12">
        <path d="M182 0 V350" />
        <path d="M487 0 V350" />
      </g>
      <path d="M332 114 V352" {...road} strokeWidth="18" />

      <g {...label}>
        <text x="20" y="124">
          South Parade
        </text>
        <text x="20" y="204">
          Barry Street
        </text>
        <text x="20" y="278">
          Tower Street
        </text>
        <text x="20" y="350">
          Harbour Street
        </text>
        <text x="186" y="22" transform="rotate(-90 186 22)" textAnchor="end">
          Orange Street
        </text>
        <text x="491" y="22" transform="rotate(-90 491 22)" textAnchor="end">
          Church Street
        </text>
        <text x="337" y="160" transform="rotate(-90 337 160)" textAnchor="middle" fill="#44403c" fontSize="12">
          KING STREET
        </text>
      </g>

      {/* Shopping district and the walk to it */}
      <rect x="196" y="128" width="280" height="62" rx="12" fill="none" stroke="#b45309" strokeWidth="2" strokeDasharray="6 5" />
      <text x="352" y="150" {...label} fill="#92400e">
        <tspan x="352">Downtown</tspan>
        <tspan x="352" dy="14">
          shopping district
        </tspan>
      </text>
      <path d="M332 300 V200" stroke="#b45309" strokeWidth="3" strokeDasharray="2 7" strokeLinecap="round" fill="none" />
      <g>
        <rect x="346" y="215" width="92" height="22" rx="11" fill="#fffbeb" stroke="#f59e0b" />
        <text x="392" y="230" textAnchor="middle" {...label} fill="#92400e">
          5 min walk
        </text>
      </g>

      {/* Bus and parking */}
      <g transform="translate(505 136)">
        <rect width="112" height="24" rx="12" fill="#1d4ed8" />
        <text x="56" y="16" textAnchor="middle" {...label} fill="#ffffff">
          Bus 72 · 76 · 83
        </text>
      </g>
      {[
        [238, 300],
        [238, 236],
        [448, 245],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y})`}>
          <rect width="20" height="20" rx="5" fill="#2563eb" />
          <text x="10" y="15" textAnchor="middle" {...label} fontSize={13} fontWeight={700} fill="#ffffff">
            P
          </text>
        </g>
      ))}

      {/* The store */}
      <g transform="translate(332 312)">
        <ellipse cx="0" cy="2" rx="10" ry="4" fill="#1c1917" opacity="0.25" />
        <path
          d="M0 0 C -5 -12 -18 -20 -18 -34 A 18 18 0 0 1 18 -34 C 18 -20 5 -12 0 0 Z"
          fill="#0f6a49"
          stroke="#ffffff"
          strokeWidth="2.5"
        />
        <circle cx="0" cy="-34" r="7" fill="#ffffff" />
      </g>
      <g transform="translate(356 296)">
        <rect width="122" height="38" rx="10" fill="#1c1917" />
        <text x="12" y="16" {...label} fill="#ffffff" fontSize={12} fontWeight={700}>
          {storeDetails.name}
        </text>
        <text x="12" y="30" {...label} fill="#d6d3d1" fontWeight={400}>
          {store.street}
        </text>
      </g>

      {/* North arrow */}
      <g transform="translate(604 40)">
        <circle r="18" fill="#ffffff" stroke="#d6d3d1" />
        <path d="M0 -11 L6 6 L0 2 L-6 6 Z" fill="#1c1917" />
        <text y="-22" textAnchor="middle" {...label} fontSize={10} fill="#1c1917">
          N
        </text>
      </g>
    </svg>
  );
}

/** Where the drawing cannot show the store (the owner set a point elsewhere): its name and address. */
function StoreWhereabouts({ store }: { store: StoreContact }) {
  return (
    <div className="flex aspect-[640/420] flex-col items-center justify-center gap-2 bg-stone-100 p-6 text-center">
      <MapPin className="size-8 text-brand-700" aria-hidden="true" />
      <p className="text-lg font-semibold text-stone-900">{storeDetails.name}</p>
      <p className="text-stone-700">{postalAddress(store)}</p>
    </div>
  );
}

/**
 * The contact page's map. An embedded map would load a third party's scripts, tiles and cookies on
 * every visit, so the page draws its own, and the interactive map opens on OpenStreetMap, at the
 * point the owner set, only when the shopper chooses it.
 */
export function StoreMap({ store }: { store: StoreContact }) {
  const { latitude, longitude } = store.map_location;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
  const directionsUrl = `https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`;
  const drawn = isDrawn(store.map_location);
  return (
    <figure>
      <div className="overflow-hidden rounded-3xl shadow-sm ring-1 ring-stone-200">
        {drawn ? <DowntownKingstonDrawing store={store} /> : <StoreWhereabouts store={store} />}
      </div>
      <figcaption className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <span className="text-sm text-stone-600">
          {drawn ? 'Illustration, not to scale.' : 'Open the map for the streets around the store.'}
        </span>
        <span className="flex flex-wrap gap-2">
          <a
            href={mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Open interactive map
            <span className="sr-only">(OpenStreetMap, opens in a new tab)</span>
          </a>
          <a
            href={directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-stone-900 ring-1 ring-stone-300 ring-inset hover:bg-stone-100"
          >
            <Navigation className="size-4" aria-hidden="true" />
            Directions
            <span className="sr-only">(OpenStreetMap, opens in a new tab)</span>
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
