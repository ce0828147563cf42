/**
 * The byte forms engines store: entity values (Timestamp and properties), property names and WTF-8
 * text, read back lazily.
 */
@NullMarked
package dev.tabula.engine.codec;

import org.jspecify.annotations.NullMarked;
