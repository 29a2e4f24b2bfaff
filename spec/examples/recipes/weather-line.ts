// A component of the kind the testing recipes test: one line about the weather, from a tool's structured output.
import { catchError, map, of, type Observable } from 'rxjs';
import type { Client } from '../../../src/index.js';

interface Weather {
  readonly temperature: number;
  readonly conditions: string;
  readonly humidity: number;
}

/** `Chicago: 36 °C, light rain / drizzle, 82% humidity`, from server-everything's `get-structured-content`; the failure otherwise. */
export function weatherLine(client: Pick<Client, 'callTool'>, city: string): Observable<string> {
  return client.callTool('get-structured-content', { location: city }).pipe(
    map((result) => {
      const weather = result.structuredContent as unknown as Weather;
      return `${city}: ${weather.temperature} °C, ${weather.conditions.toLowerCase()}, ${weather.humidity}% humidity`;
    }),
    catchError((error: Error) => of(`${city}: no weather (${error.message})`)),
  );
}
