import "reflect-metadata";

process.env.TZ = "UTC";
