/**
 * The plain XML bodies of the operations that are not OData: stored access policies (Get/Set Table
 * ACL) and XML error bodies, written and read with the JDK's StAX, with DTDs and external entities
 * switched off.
 */
@NullMarked
package dev.tabula.protocol.xml;

import org.jspecify.annotations.NullMarked;
