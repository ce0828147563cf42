package dev.tabula.server;

import dev.tabula.protocol.http.ServiceResponse;

/**
 * An answer decided before its request was read whole (a head the decoder could not read, a body
 * over the limit), passed down the pipeline in place of the request. The exchange handler writes it
 * in its turn, after the answers to requests read before it on the connection, and then closes the
 * connection gracefully.
 */
record Refusal(ServiceResponse response) {}
