// The comparison server for the throughput test: Express 4 with compression,
// as server.ts uses, serving saved copies of the site's responses as files.
// Started by scripts/bench.ts in its own process, like the site server.
import compression from "compression";
import express from "express";

const directory = process.env.STATIC_DIR;
const port = Number(process.env.PORT);
if (!directory || !port) throw new Error("STATIC_DIR and PORT are required.");

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(express.static(directory));
app.listen(port, "127.0.0.1", () => console.log(`Static copies served at http://127.0.0.1:${port}`));
